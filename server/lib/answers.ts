import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * What a route answers, described once with zod: the route's schema.response[200] is both the answer's part of the
 * OpenAPI document (server/plugins/app/api-docs.ts) and, with answer checks on, a check that the route answers what
 * it says. The descriptions are server-only (classic zod): the browser keeps its contract types and zod/mini schemas.
 */

/** GETs carry only the client's timestamp (_t, SPEC.md section 7). */
export const timestampQuery = z.object({ _t: z.coerce.number().optional() });

/** The success envelope around a result (contract/envelope.ts ApiEnvelope). */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ success: z.boolean(), message: z.string(), code: z.number(), result, timestamp: z.number() });

/** A success whose result is null (most writes answer only their message). */
export const doneAnswer = envelope(z.null());

/** A success whose result is the message again (JeecgBoot's Result.OK("...") writes). */
export const messageAnswer = envelope(z.string());

export const counted = z.number().int().nonnegative();

/**
 * The body of a POST or PUT that takes none: nothing (Fastify's null), or an object whose fields are ignored (the old
 * client sends {}).
 */
export const emptyBody = z.object({}).nullish();

/** One page of a JeecgBoot list (IPage): the rows, the total and the page asked for. */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: counted, size: counted, current: counted, pages: counted.optional() });

/** A date and time as the API writes them (YYYY-MM-DD HH:mm:ss on the school's clock, or ISO when so declared). */
export const dateTimeText = z.string();

/**
 * A route answering a file rather than JSON (an export, a PDF, a photo): config.fileAnswer names its media types,
 * which the OpenAPI document shows as a binary answer.
 */
export type FileAnswer = readonly string[];
export const EXCEL = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF = 'application/pdf';
export const ZIP = 'application/zip';

/**
 * A route whose body is multipart/form-data (an upload): config.upload describes its fields (a file is
 * z.string() with the format binary, see uploadFile) for the OpenAPI document; the route reads the parts itself.
 */
export const uploadFile = z.string().meta({ format: 'binary', description: '文件' });

declare module 'fastify' {
  interface FastifyContextConfig {
    fileAnswer?: FileAnswer;
    upload?: z.ZodObject;
  }
}

/**
 * Serializes an answer as it is. With checks on (the server tests), the answer's JSON must also be exactly what
 * the route's answer schema describes: a missing or mistyped field and a field the description lacks both fail
 * the request, so the document cannot drift from the routes. Off (production), nothing is checked or removed.
 */
export function answerSerializer(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const json = JSON.stringify(data);
      if (!check) return json;
      const wire: unknown = JSON.parse(json);
      const described = schema.safeParse(wire);
      const problem = described.success
        ? isDeepStrictEqual(described.data, wire)
          ? null
          : `fields the description lacks: ${JSON.stringify(undescribed(wire, described.data)).slice(0, 500)}`
        : z.prettifyError(described.error).slice(0, 2000);
      if (problem) {
        const error = new Error(`${method} ${url} answered other than its answer schema: ${problem}`);
        process.emitWarning(error.message, 'AnswerSchemaWarning');
        throw error;
      }
      return json;
    };
}

/** The parts of the answer the description dropped (for the message only). */
function undescribed(wire: unknown, described: unknown): unknown {
  if (Array.isArray(wire) && Array.isArray(described)) {
    const index = wire.findIndex((item, i) => !isDeepStrictEqual(item, described[i]));
    return index < 0 ? null : { [index]: undescribed(wire[index], described[index]) };
  }
  if (wire && typeof wire === 'object' && described && typeof described === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(wire)) {
      if (!(key in described)) out[key] = value;
      else if (!isDeepStrictEqual(value, (described as Record<string, unknown>)[key])) out[key] = undescribed(value, (described as Record<string, unknown>)[key]);
    }
    return out;
  }
  return wire;
}
