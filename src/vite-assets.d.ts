/** Vite's `?url` import: the address of a file the build copies as it is (pdf.js's worker). */
declare module '*?url' {
  const url: string;
  export default url;
}
