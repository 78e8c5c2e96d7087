/**
 * The browser tab's title: the page's title, then the portal's name ('Proyectos · Solar Chile'), so
 * tabs, history and a screen reader's first words say which page it is (WCAG 2.4.2); the portal's
 * name alone on a page without a title.
 */
import { useEffect } from 'react';
import { useBrandName } from '../providers/features';

export const documentTitle = (page: string | null | undefined, brand: string) => {
  const title = page?.replace(/\s+/g, ' ').trim();
  return title ? `${title} · ${brand}` : brand;
};

/** Puts `page` (a public page's title) in the tab. */
export function useDocumentTitle(page: string) {
  const brand = useBrandName();
  useEffect(() => { document.title = documentTitle(page, brand); }, [page, brand]);
}

/**
 * Keeps the tab's title on the admin's page title, the top bar's h1 (react-admin's `Title` portal,
 * `#react-admin-title`), whichever screen fills it and whenever (a record's title comes with it).
 */
export function TitleInTab() {
  const brand = useBrandName();
  useEffect(() => {
    const title = document.getElementById('react-admin-title');
    const update = () => { document.title = documentTitle(title?.textContent, brand); };
    update();
    if (!title) return undefined;
    const observer = new MutationObserver(update);
    observer.observe(title, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [brand]);
  return null;
}
