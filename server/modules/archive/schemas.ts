import { z } from 'zod';
import { ARCHIVE_SCOPES, ARCHIVE_STATUSES, type ArchiveStatus } from '@contract/archive.ts';
import { counted, envelope } from '../../lib/answers.ts';

/** How far an archive got, and its file once done. */
export const archiveStatusAnswer = envelope(
  z.object({
    id: z.string(),
    scope: z.enum(ARCHIVE_SCOPES).meta({ description: 'student学生档案，class班级档案' }),
    status: z.enum(ARCHIVE_STATUSES).meta({ description: 'queued排队中，running生成中，done已完成，failed生成失败' }),
    done: counted.meta({ description: '已完成的学生数' }),
    total: counted.meta({ description: '档案涵盖的学生数' }),
    fileName: z.string().nullable(),
    size: counted.nullable().meta({ description: 'zip 文件的字节数' }),
    error: z.string().nullable(),
    createdAt: z.string().meta({ description: 'ISO 8601 时间' }),
    finishedAt: z.string().nullable().meta({ description: 'ISO 8601 时间' }),
  }) satisfies z.ZodType<ArchiveStatus>,
);
