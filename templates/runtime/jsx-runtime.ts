// What `react/jsx-runtime` is inside the templates' server bundle (cli/build/template-runtime.ts):
// esbuild's automatic JSX calls jsx() and jsxs() (the latter for static child lists), vitest's
// jsxDEV() (with a source location this runtime does not use): all three are one function here.
export { Fragment, jsx, jsx as jsxs, jsx as jsxDEV } from './react.ts';
