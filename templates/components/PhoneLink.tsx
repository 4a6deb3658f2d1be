/**
 * The office's phone number as a tel: link. Its spaces become no-break spaces in the link text:
 * a number broken over two lines is misread.
 */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone.replaceAll(' ', '\u00a0')}</a>;
}
