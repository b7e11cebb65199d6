/**
 * The simulator's stand-in for Instagram's CDN: the images its media name (docs/decisions/0035
 * "Thumbnails offline"). Meta's answers name `https://scontent….cdninstagram.com/…` files, which
 * a machine without the internet cannot load, and which would show the simulator's media as
 * broken images. So the simulator names its own files, on its own origin (the one the caller
 * reached it at), and serves them here:
 *
 *   GET /sim-cdn/instagram/{media-id}_n.png   → a 320 × 320 PNG drawn from the media id
 *
 * A picture per media (colour and stripes from the id's hash, the same on every start), for
 * IMAGE and CAROUSEL media and a VIDEO's cover (`thumbnail_url`). A video's `media_url` names
 * `{media-id}_n.mp4` here too, which answers 404: the simulator has no video files, and DineDesk
 * shows a video by its cover. An id the simulator has no media of answers 404.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { InstagramWorld, SimMedia } from './world.ts';

/** Path prefix of the simulated CDN. */
export const SIM_CDN_PREFIX = '/sim-cdn/instagram';
/** Width and height of a served picture, in pixels. */
export const SIM_IMAGE_SIZE = 320;

/** The URL of a media's file on the simulator reached at `baseUrl` (`image`: a PNG, else the video's mp4). */
export function simMediaUrl(baseUrl: string, m: Pick<SimMedia, 'id'>, kind: 'png' | 'mp4'): string {
  return `${baseUrl}${SIM_CDN_PREFIX}/${m.id}_n.${kind}`;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG (8-bit RGB, no interlace) of diagonal stripes in two colours taken from the hash of `key`.
 * @returns the file's bytes
 */
export function pictureOf(key: string, size = SIM_IMAGE_SIZE): Buffer {
  const h = createHash('sha256').update(`igpicture:${key}`).digest();
  const a = [h[0]!, h[1]!, h[2]!];
  const b = a.map((v) => 255 - Math.round(v * 0.6));
  const stripe = 16 + (h[3]! % 32);
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const c = Math.floor((x + y) / stripe) % 2 ? a : b;
      raw.set(c, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Registers the CDN route. */
export function registerInstagramCdn(app: FastifyInstance, world: InstagramWorld): void {
  const cache = new Map<string, Buffer>();
  app.get(`${SIM_CDN_PREFIX}/:file`, async (req, reply) => {
    const { file } = req.params as { file: string };
    const m = /^(\d{5,25})_n\.(png|mp4)$/.exec(file);
    const media = m ? world.media.get(m[1]!) : undefined;
    if (!m || !media) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (m[2] === 'mp4') return reply.code(404).type('text/plain; charset=utf-8').send('The simulator serves no video files; a video is shown by its cover (thumbnail_url).');
    let png = cache.get(media.id);
    if (!png) cache.set(media.id, (png = pictureOf(media.id)));
    // Like a CDN: immutable files, readable from any page (an <img> of another origin).
    return reply.header('cache-control', 'public, max-age=86400, immutable').header('cross-origin-resource-policy', 'cross-origin').type('image/png').send(png);
  });
}
