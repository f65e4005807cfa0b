import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { distanceText } from '@contract/geo.ts';
import { schoolClock } from '@contract/internship.ts';
import type { Database } from '../../db/database.ts';
import { basicStudent, internshipAttachment, internshipRecord, sysUser } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { AttachmentRow } from './queries.ts';

/**
 * A check-in's photo sealed by the server (issue 35): the stored image carries a visible band with the student's
 * name and 学号, the server's time of receipt and the distance from the workplace, and the check-in records the
 * sealed image's SHA-256 and the original's, so an edited copy (other bytes) and a photo used twice (the same
 * original) are told apart from an honest one. The original's bytes stay in the store, served to no one.
 */

/** What the band says, line by line. */
export function sealLines(facts: { studentName: string; studentNo: string | null; receivedAt: Date; distance: number | null }): string[] {
  return [
    `${facts.studentName}${facts.studentNo ? ` ${facts.studentNo}` : ''}`,
    `${schoolClock(facts.receivedAt).slice(0, 19).replace('T', ' ')} · ${facts.distance === null ? '未记录与实习单位的距离' : `距实习单位 ${distanceText(facts.distance)}`}`,
  ];
}

/** The share of the image's height the band takes at the bottom. */
export const SEAL_BAND = 0.14;

/** A line's width in font sizes: a Chinese character is one, a digit or Latin letter about half. */
const widthInEms = (line: string) => [...line].reduce((sum, c) => sum + (c.charCodeAt(0) > 0x2e80 ? 1 : 0.56), 0);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The image (turned upright) with the band across its bottom, as a JPEG. */
export async function sealImage(content: Buffer, lines: readonly string[]): Promise<Buffer> {
  const upright = await sharp(content).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const band = Math.max(48, Math.round(height * SEAL_BAND));
  // As large as the band allows, and small enough for the longest line to fit across a portrait photo.
  const ems = Math.max(...lines.map(widthInEms));
  const size = Math.max(10, Math.min(Math.floor(band / (lines.length * 1.5 + 0.5)), Math.floor((width * 0.92) / ems)));
  const text = lines
    .map((line, i) => `<text x="${Math.round(size * 0.6)}" y="${Math.round(size * (1.25 + i * 1.5))}" font-size="${size}">${escapeXml(line)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}"><rect width="100%" height="100%" fill="rgba(0,0,0,0.6)"/><g font-family="Noto Sans CJK SC, Noto Sans SC, WenQuanYi Micro Hei, sans-serif" fill="#fff">${text}</g></svg>`;
  return sharp(upright.data)
    .composite([{ input: Buffer.from(svg), top: height - band, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface SealedPhoto {
  attachmentId: string;
  sha256: string;
  originalSha256: string;
}

/**
 * Seals the image files of a check-in (as the write read them) not sealed yet (a write sent again finds them sealed) and answers what the
 * check-in records of each; a file that is not an image is left as it is.
 */
export async function sealCheckinPhotos(
  db: Database,
  files: FileStore,
  attachments: readonly Pick<AttachmentRow, 'id' | 'sha256' | 'originalSha256' | 'mimeType'>[],
  facts: { studentUserId: string; receivedAt: Date; distance: number | null },
): Promise<SealedPhoto[]> {
  const images = attachments.filter((r) => r.mimeType.startsWith('image/'));
  if (images.length === 0) return [];
  const [student] = await db
    .select({ name: sysUser.realname, studentNo: basicStudent.studentNo })
    .from(sysUser)
    .leftJoin(basicStudent, eq(basicStudent.userId, sysUser.id))
    .where(eq(sysUser.id, facts.studentUserId));
  const lines = sealLines({ studentName: student?.name ?? '', studentNo: student?.studentNo ?? null, receivedAt: facts.receivedAt, distance: facts.distance });
  const sealed: SealedPhoto[] = [];
  for (const row of images) {
    if (row.originalSha256) {
      sealed.push({ attachmentId: row.id, sha256: row.sha256, originalSha256: row.originalSha256 });
      continue;
    }
    const original = await files.get(row.sha256);
    if (!original) continue;
    const image = await sealImage(original, lines);
    const hash = sha256(image);
    await files.put(hash, image, 'image/jpeg');
    await db
      .update(internshipAttachment)
      .set({ sha256: hash, originalSha256: row.sha256, size: image.length, mimeType: 'image/jpeg' })
      .where(and(eq(internshipAttachment.id, row.id), sql`${internshipAttachment.originalSha256} is null`));
    sealed.push({ attachmentId: row.id, sha256: hash, originalSha256: row.sha256 });
  }
  return sealed;
}

/** Whether another check-in (another student's, or the student's own on another day) carries the same original photo. */
export async function photoUsedBefore(db: Database, recordId: string, originals: readonly string[]): Promise<boolean> {
  if (originals.length === 0) return false;
  const [row] = await db
    .select({ id: internshipAttachment.id })
    .from(internshipAttachment)
    .innerJoin(internshipRecord, eq(internshipRecord.id, internshipAttachment.recordId))
    .where(
      and(
        eq(internshipRecord.kind, 'checkin'),
        ne(internshipAttachment.recordId, recordId),
        or(inArray(internshipAttachment.originalSha256, [...originals]), inArray(internshipAttachment.sha256, [...originals])),
      ),
    )
    .limit(1);
  return Boolean(row);
}
