import { useEffect, useState } from 'react';

/**
 * The path a visitor asked for, on the 404 page (spec §2: "Page Not Found" followed by the path).
 * The page is one static file served for every unknown path, so only the browser knows which.
 */
export default function RequestedPath({ placeholder }: { placeholder: string }) {
  const [path, setPath] = useState(placeholder);
  useEffect(() => {
    let shown = location.pathname;
    try {
      shown = decodeURI(shown);
    } catch {
      // A malformed escape: show it as it came.
    }
    setPath(shown);
  }, []);
  return <code data-requested-path="">{path}</code>;
}
