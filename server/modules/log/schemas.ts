import { z } from 'zod';
import { counted, envelope } from '../../lib/answers.ts';

export const loginInfoResponse = envelope(z.object({ todayVisitCount: counted, totalVisitCount: counted, todayIp: counted }));

export const visitInfoResponse = envelope(
  z.array(z.object({ tian: z.string().regex(/^\d\d-\d\d$/), type: z.string().regex(/^\d{4}-\d\d-\d\d$/), visit: counted, ip: counted })),
);

const nullableText = z.string().nullable();

export const logListResponse = envelope(
  z.object({
    records: z.array(
      z.object({
        id: z.string(),
        logType: z.union([z.literal(1), z.literal(2)]),
        logContent: z.string(),
        userid: nullableText,
        username: nullableText,
        ip: nullableText,
        method: nullableText,
        requestUrl: nullableText,
        requestParams: nullableText,
        statusCode: z.number().int().nullable(),
        costTime: z.number().int().nullable(),
        createTime: z.string(),
      }),
    ),
    total: counted,
    current: z.number().int().positive(),
    size: z.number().int().positive(),
  }),
);
