import { options, type VNode } from 'preact';

/**
 * The React API the islands are written against, on plain Preact. preact/compat would give all of
 * React's API, but it costs 1.35 KB gzipped on every island page (measured: 5.7 KB for Preact and
 * its hooks, 7.0 KB with compat), and the whole page budget is 15 KB. Islands use hooks,
 * createElement, Fragment and context, and React's event names; this module is exactly that.
 * Anything else (forwardRef, Suspense, portals) fails the build with "No matching export"; add it
 * here from preact, or point cli/build/preact-alias.ts back at preact/compat if a need outgrows it.
 */
export { createContext, createElement, Fragment } from 'preact';
export {
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';

/** Inputs whose React onChange is the DOM's change event; on any other input it is every keystroke. */
const changeOnly = /^(checkbox|radio|file)$/;

// React's event props where they differ from the DOM's events, as preact/compat maps them:
// onFocus/onBlur bubble in React (focusin/focusout); onChange of a text control fires on each input.
const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  const props = vnode.props as Record<string, unknown>;
  if (typeof type === 'string') {
    const rename = (from: string, to: string) => {
      if (!(from in props)) return;
      props[to] = props[from];
      delete props[from];
    };
    rename('onFocus', 'onfocusin');
    rename('onBlur', 'onfocusout');
    rename('onDoubleClick', 'ondblclick');
    if (
      (type === 'textarea' || (type === 'input' && !changeOnly.test(String(props.type ?? '')))) &&
      !('onInput' in props)
    )
      rename('onChange', 'onInput');
  }
  previous?.(vnode);
};
