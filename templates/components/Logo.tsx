/**
 * The Baseline Tennis word mark: a ball on a baseline, then the name as live text. The name is
 * HTML, not text inside a fixed-size SVG: it takes the width its letters need in every font, so
 * no letter is ever clipped, and it never shrinks with the space left beside it (issue 19).
 */
export function Logo({ name }: { name: string }) {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="15" r="12" fill="var(--accent)" />
        <path
          d="M6.5 8c5.5 3.5 5.5 10.5 0 14M25.5 8c-5.5 3.5-5.5 10.5 0 14"
          stroke="var(--brand-800)"
          strokeWidth="1.8"
          fill="none"
        />
        <rect x="1" y="29" width="30" height="2.4" rx="1.2" fill="currentColor" opacity=".55" />
      </svg>
      <span className="logo-name">{name}</span>
    </span>
  );
}
