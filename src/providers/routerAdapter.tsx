/**
 * React-admin's router adapter (ra-core's `reactRouterProvider`) as the built app uses it: the same
 * hooks and components, but no hash *data* router for an admin mounted outside a router. Ours never
 * is (App.tsx's BrowserRouter holds it), yet that fallback alone (`createHashRouter`) put React
 * Router's data router, about 15 KB brotli, in the login page's script: a module sits whole in one
 * chunk, and react-router's is in the first one. The admin is given this adapter (`routerProvider`,
 * react-admin's public way to choose a router), and vite.config.ts builds it in place of ra-core's
 * default, which nothing else uses (docs/web.md, "Code split"). Without a data router, navigation
 * blocking reports itself unsupported (`useCanBlock`), as ra-core's adapter does under a BrowserRouter.
 */
import { createElement, Fragment, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import {
  HashRouter, Link, matchPath, Navigate, Outlet, Route, Routes, UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext,
  useBlocker, useInRouterContext, useLocation, useMatch, useNavigate as useRouterNavigate, useParams,
} from 'react-router-dom';
import type { RouterProvider } from 'ra-core';

const useCanBlock = () => {
  const router = useContext(UNSAFE_DataRouterContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  return Boolean(router && state);
};

/** A navigate function that stays the same across navigations (react-router's changes at each one). */
const useNavigate = () => {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => { latest.current = navigate; }, [navigate]);
  return useCallback((...args: Parameters<typeof navigate>) => latest.current(...(args as [never])), []);
};

const RouterWrapper = ({ basename, children }: { basename?: string; children: ReactNode }) =>
  useInRouterContext() ? createElement(Fragment, null, children) : createElement(HashRouter, { basename }, children);

// Every member react-admin's type names (one added by an upgrade fails the type check); react-router's
// own signatures are wider than the adapter's, so the whole is cast as ra-core's own adapter is.
const members: Record<keyof RouterProvider, unknown> = {
  useNavigate, useLocation, useParams, useBlocker, useMatch, useInRouterContext, useCanBlock,
  Link, Navigate, Route, Routes, Outlet, RouterWrapper, matchPath,
};
export const reactRouterProvider = members as RouterProvider;
