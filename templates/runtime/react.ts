// What `react` is inside the templates' server bundle (cli/build/template-runtime.ts): the part of
// React's API the templates use, for ./render.ts to write as strings. Elements carry React's own
// marks ($$typeof, Fragment), so an element made by the real React (a test's JSX) renders here
// too. Types still come from @types/react: templates are written against React.

export const ELEMENT = Symbol.for('react.transitional.element');
export const Fragment = Symbol.for('react.fragment');
const CONTEXT = Symbol('template context');

export interface Element {
  $$typeof: symbol;
  type: unknown;
  props: Record<string, unknown>;
}

/** A context: a Provider element sets `current` while its children render (./render.ts). */
export interface Context<T> {
  $$typeof: typeof CONTEXT;
  current: T;
  Provider: Context<T>;
}

export const isContext = (type: unknown): type is Context<unknown> =>
  typeof type === 'object' && type !== null && (type as Context<unknown>).$$typeof === CONTEXT;

/** The automatic JSX runtime's jsx()/jsxs(): `key` is React's, never a prop. */
export function jsx(type: unknown, props: Record<string, unknown>): Element {
  if ('key' in props) {
    const { key: _, ...rest } = props;
    return { $$typeof: ELEMENT, type, props: rest };
  }
  return { $$typeof: ELEMENT, type, props };
}

export function createElement(type: unknown, config?: Record<string, unknown> | null, ...children: unknown[]): Element {
  const props: Record<string, unknown> = {};
  for (const name in config) if (name !== 'key' && name !== '__self' && name !== '__source') props[name] = config[name];
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  return { $$typeof: ELEMENT, type, props };
}

export function createContext<T>(initial: T): Context<T> {
  const context = { $$typeof: CONTEXT, current: initial } as Context<T>;
  context.Provider = context;
  return context;
}

export const useContext = <T>(context: Context<T>): T => context.current;

/** Each child as React.Children sees it: arrays flattened, an empty node (null, undefined, a boolean) as null. */
function each(children: unknown, visit: (child: unknown) => void): void {
  if (Array.isArray(children)) for (const child of children) each(child, visit);
  else visit(children == null || typeof children === 'boolean' ? null : children);
}

export const Children = {
  count(children: unknown): number {
    let count = 0;
    if (children != null) each(children, () => count++);
    return count;
  },
  map<T>(children: unknown, fn: (child: unknown, index: number) => T): T[] | null | undefined {
    if (children == null) return children as null | undefined;
    const mapped: T[] = [];
    let index = 0;
    each(children, (child) => {
      const result = fn(child, index++);
      if (Array.isArray(result)) each(result, (item) => item != null && mapped.push(item as T));
      else if (result != null) mapped.push(result);
    });
    return mapped;
  },
};
