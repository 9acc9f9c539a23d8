import sharp from "sharp";

/**
 * A photo file for tests: a drawn bottle on a light ground, encoded as a camera or editor would write it. Not a
 * product's photo (we never invent products' looks): only pixels for the upload's checks and sizes.
 */
export async function testPhoto(
  opts: {
    width?: number;
    height?: number;
    format?: "jpeg" | "png" | "webp";
    /** EXIF orientation (6: the camera was turned; the picture must be turned upright). */
    orientation?: number;
    /** Writes camera metadata (maker, GPS-like comment, copyright) for the server to strip. */
    metadata?: boolean;
  } = {},
): Promise<Buffer> {
  const { width = 600, height = 1200, format = "jpeg" } = opts;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4efe6"/>
    <rect x="${width * 0.35}" y="${height * 0.3}" width="${width * 0.3}" height="${height * 0.6}" rx="20" fill="#6b2d1a"/>
    <rect x="${width * 0.44}" y="${height * 0.08}" width="${width * 0.12}" height="${height * 0.24}" fill="#3b1a0e"/>
  </svg>`;
  let img = sharp(Buffer.from(svg));
  if (format === "jpeg") img = img.jpeg({ quality: 90 });
  else if (format === "png") img = img.png();
  else img = img.webp();
  if (opts.metadata)
    img = img.withExif({
      IFD0: { Make: "TestCam", Copyright: "Photographer 2026", ImageDescription: "GPS 41.88,-87.63" },
    });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toBuffer();
}
