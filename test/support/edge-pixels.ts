// Comparing two screenshots of one element where a focus ring is drawn: along its edges. For the
// keyboard tests, in either browser: they run `edgeDifference` in a page,
// `page.evaluate(edgeDifference, [before, after])`, with the PNGs in base64.

/**
 * The largest difference of one colour channel (0–255) between the two pictures, over a band
 * `band` pixels wide along the left and right edges (the bottom and top are a row's separator
 * lines, the same in both). A ring is a strong colour against the page: a difference of well over
 * 60; a hover-like tint is under 20. Self-contained: it runs in the page.
 */
export async function edgeDifference([before, after, band = 3]: [string, string, number?]): Promise<number> {
  const pixels = await Promise.all(
    [before, after].map(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, bitmap.width, bitmap.height);
    }),
  );
  const [a, b] = pixels as [ImageData, ImageData];
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`the pictures differ in size: ${a.width}×${a.height}, ${b.width}×${b.height}`);
  let most = 0;
  for (let y = band; y < a.height - band; y++) {
    for (let x = 0; x < a.width; x++) {
      if (x >= band && x < a.width - band) continue;
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 4 + c;
        most = Math.max(most, Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)));
      }
    }
  }
  return most;
}
