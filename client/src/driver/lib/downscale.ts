/** Photos leave the phone with their longest side at most 1,600 px, as JPEG. */
export const MAX_IMAGE_SIDE = 1_600;
export const JPEG_QUALITY = 0.82;

/**
 * The size an image of `width` x `height` is drawn at so its longest side is at most `maxSide`,
 * keeping the aspect ratio (rounded, never below 1 px); small images keep their size.
 */
export function fitWithin(
  width: number,
  height: number,
  maxSide = MAX_IMAGE_SIDE,
): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError("An image has a positive width and height");
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * A camera photo redrawn on a canvas at `fitWithin` size and encoded as JPEG. The browser applies
 * the photo's EXIF orientation when decoding (`imageOrientation: "from-image"`).
 */
export async function downscaleImage(file: Blob, maxSide = MAX_IMAGE_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot draw images");
    // JPEG has no transparency: a white page under a PNG with an alpha channel.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await canvasBlob(canvas, "image/jpeg", JPEG_QUALITY);
  } finally {
    bitmap.close();
  }
}

export function canvasBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The image could not be encoded"))),
      type,
      quality,
    ),
  );
}
