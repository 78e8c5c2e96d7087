/** Limits both halves enforce: the web app validates with them, the server's schemas are built from them. */

/** SPEC.md §5: 'Debe tener entre 4 y 16 caracteres'. */
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 16;

/** Rows of a page when `page_size` is not sent, and the most a client may ask for. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 500;
