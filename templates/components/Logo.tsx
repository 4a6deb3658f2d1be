/** The Baseline Tennis word mark: a ball on a baseline. Inline, so it never waits for a request. */
export function Logo({ name }: { name: string }) {
  return (
    <svg className="logo" viewBox="0 0 200 40" width="160" height="32" role="img" aria-label={name}>
      <circle cx="18" cy="18" r="13" fill="var(--accent)" />
      <path d="M7 10c6 4 6 12 0 16M29 10c-6 4-6 12 0 16" stroke="var(--brand-800)" strokeWidth="2" fill="none" />
      <rect x="2" y="35" width="196" height="3" rx="1.5" fill="currentColor" opacity=".5" />
      <text x="40" y="26" fontFamily="inherit" fontSize="19" fontWeight="800" fill="currentColor" letterSpacing="-.3">
        {name}
      </text>
    </svg>
  );
}
