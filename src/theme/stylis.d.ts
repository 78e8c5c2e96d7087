// stylis 4 ships no type declarations; only its prefixer plugin is used (see index.ts).
declare module 'stylis' {
  export const prefixer: import('@emotion/cache').StylisPlugin;
}
