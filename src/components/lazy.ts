/**
 * Components loaded when first rendered, each from a chunk of its own (docs/web.md, "Code split"),
 * under SPEC §9's lazy page load timeout.
 */
import { lazy, type ComponentType } from 'react';

export const LAZY_TIMEOUT_MS = 120_000;

/** A dynamic import that gives up after `ms` (a stalled chunk download shows an error, not a spinner forever). */
export function withTimeout<T>(load: () => Promise<T>, ms = LAZY_TIMEOUT_MS): () => Promise<T> {
  return () => new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading timed out after ${ms} ms`)), ms);
    load().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The component `pick` takes from the module `load` imports, loaded as it first renders. */
export const lazyComponent = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(withTimeout(() => load().then((module) => ({ default: pick(module) }))));
