/** The extension's pages, by the path the build gives them (the manifest's and vite.config.ts's inputs). */
export const PAGE_PATHS = {
  popup: '/src/popup/popup.html',
  options: '/src/options/options.html',
  viewer: '/src/viewer/viewer.html',
  save: '/src/save/save.html',
} as const;

export type PageName = keyof typeof PAGE_PATHS;
