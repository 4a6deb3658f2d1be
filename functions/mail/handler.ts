import { HttpError, json, readJson, requestLocale } from '../http.ts';
import type { FunctionHandler } from '../types.ts';
import { composeMails } from './compose.ts';
import { copyText } from './copy.ts';
import { MailDeliveryError } from './mailer.ts';
import { provenSenderAddress } from './sender-proof.ts';
import { validateMailForm } from './validate.ts';

/** A bot fills every field, including the one people never see. */
function isBot(body: unknown): boolean {
  const website = (body as { website?: unknown } | null)?.website;
  return typeof website === 'string' && website.trim() !== '';
}

/**
 * POST /mail/send-new: one form (contact, question, customer, basic, job) becomes a mail to the
 * office, which replies to the address typed in. A copy goes to the sender only when that address
 * is proven theirs (signed in with it, verified): any other address is just text from the
 * request. The office mail is the one that matters: if it cannot be sent the visitor gets a 503
 * and keeps the form; a failed copy is only logged, since the office has the message and a retry
 * would send it twice.
 */
export const sendNewMail: FunctionHandler = async (request, env, context) => {
  const fallback = requestLocale(request);
  const body = await readJson(request, env.bodyLimit, fallback);
  if (isBot(body)) {
    // Answered like a success so the bot learns nothing; logged so a false positive can be traced.
    env.log(`mail: honeypot filled by ${context.clientIp}; nothing sent`);
    return json(200, { ok: true });
  }
  const form = validateMailForm(body, fallback);
  const proven = await provenSenderAddress(request, env, form.email);
  const { office, copy } = composeMails(form, env.site, proven);
  try {
    await env.mailer.sendMail(office);
  } catch (error) {
    if (error instanceof MailDeliveryError)
      throw new HttpError(503, copyText[form.locale].sendFailed, undefined, { 'retry-after': '60' });
    throw error;
  }
  if (!copy) return json(200, { ok: true, copySent: false });
  try {
    await env.mailer.sendMail(copy);
  } catch (error) {
    env.log(`mail: the copy to the sender of a ${form.kind} form was not sent: ${String(error)}`);
    return json(200, { ok: true, copySent: false });
  }
  return json(200, { ok: true, copySent: true });
};
