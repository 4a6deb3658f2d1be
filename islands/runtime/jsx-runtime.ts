// What `react/jsx-runtime` is inside islands/ (cli/build/preact-alias.ts): Preact's JSX functions,
// after ./react.ts has taught Preact React's event names, so JSX alone brings the same behaviour.
import './react.ts';

export { Fragment, jsx, jsxDEV, jsxs } from 'preact/jsx-runtime';
