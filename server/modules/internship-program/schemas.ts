import { z } from 'zod';
import type { ClassOptionRow, EnrolResult, ProgramClassRow, ProgramStudentRow } from '@contract/internship-program.ts';
import { counted, envelope, pageOf } from '../../lib/answers.ts';

/** What 实习计划's own routes answer (routes.ts); its list, form and export are the resource routes'. */

const classOption = { id: z.string(), code: z.string(), name: z.string(), grade: z.number().int() };
export const classOptionsAnswer = envelope(pageOf(z.object(classOption) satisfies z.ZodType<ClassOptionRow>));

export const programClassesAnswer = envelope(
  z.array(z.object({ ...classOption, students: counted, enrolled: counted.meta({ description: '已报名该实习计划的学生数' }) }) satisfies z.ZodType<ProgramClassRow>),
);

export const enrolAnswer = envelope(
  z.object({
    enrolled: counted,
    skipped: z.array(z.object({ studentNo: z.string(), name: z.string(), className: z.string(), reason: z.string() })),
  }) satisfies z.ZodType<EnrolResult>,
);

export const programStudentsAnswer = envelope(
  pageOf(
    z.object({
      id: z.string().meta({ description: '实习安排 id' }),
      studentNo: z.string(),
      name: z.string(),
      className: z.string(),
      unitName: z.string().nullable(),
      post: z.string().nullable(),
      adviserName: z.string().nullable(),
      // The contract types it as text (contract/internship-program.ts ProgramStudentRow); the values are the placement's statuses.
      status: z.string().meta({ description: 'pending 未开始, active 实习中, ended 已结束, terminated 终止' }),
    }) satisfies z.ZodType<ProgramStudentRow>,
  ),
);
