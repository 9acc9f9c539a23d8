import { preload } from "react-dom";
import { pictureSources } from "#domain/images/photo.ts";

/**
 * A product's image: its photo as a `<picture>` (AVIF, then WebP, then JPEG, each at 1× and 2× the square it is shown
 * in: docs/adr/0071-product-photos.md), or its drawn art as a plain `<img>`. `priority` marks the page's largest
 * paint: the photo is preloaded from `<head>`, in the format and size the browser will pick, before any script.
 */
export function ProductPicture({
  image,
  alt,
  box,
  size = box,
  priority = false,
  lazy = false,
}: {
  image: string;
  alt: string;
  /** The square it is shown in, in CSS pixels (240: cards; 480: the product page). */
  box: 240 | 480;
  /** Its width and height attributes (the layout's size before it loads). */
  size?: number;
  priority?: boolean;
  lazy?: boolean;
}) {
  const photo = pictureSources(image, box);
  const img = (
    <img
      src={photo?.src ?? image}
      srcSet={photo?.srcSet}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? "lazy" : "eager"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
  if (!photo) return img;
  if (priority) {
    const best = photo.sources[0];
    preload(photo.src, { as: "image", imageSrcSet: best.srcSet, type: best.type, fetchPriority: "high" });
  }
  return (
    <picture>
      {photo.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} />
      ))}
      {img}
    </picture>
  );
}
