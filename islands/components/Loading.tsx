/**
 * "Bezig met laden…" while an island asks the server, as a calm placeholder with a spinner (not a
 * bare line of text, issue 19). `attribute` names the data attribute tests and styles read.
 */
export function Loading({
  text,
  state,
  attribute = 'data-registrations-state',
}: {
  text: string;
  state: string;
  attribute?: string;
}) {
  return (
    <p className="loading-state" role="status" {...{ [attribute]: state }}>
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
