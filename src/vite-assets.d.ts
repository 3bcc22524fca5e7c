/** Vite's `?worker&url` import: the address of a module bundled as a worker of its own (pdf.js's worker, built with the page's transforms). */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
