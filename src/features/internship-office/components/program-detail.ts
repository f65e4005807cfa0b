import { useState } from 'react';
import { PROGRAM_CLASS_REF, PROGRAM_PERMISSIONS, type EnrolResult } from '@contract/internship-program.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useAddClasses, useEnrol, useProgramClasses } from '../api/program-api.ts';
import { classTarget } from './program-parts.ts';

/**
 * What a program's 详情 does in either layout: who may change it, its classes, the classes chosen to add
 * (添加班级), and 按班级报名 with its outcome. Each layout lists the enrolled students its own way.
 */
export function useProgramDetail(row: ResourceRow) {
  const programId = row.id;
  const canEdit = usePermission(PROGRAM_PERMISSIONS.edit);
  const canEnrol = usePermission(PROGRAM_PERMISSIONS.enrol);
  const classes = useProgramClasses(programId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<EnrolResult | null>(null);
  const addClasses = useAddClasses(programId);
  const enrol = useEnrol(programId);
  const classIds = (classes.data ?? []).map((c) => c.id);
  return {
    programId,
    canEdit,
    canEnrol,
    /** An ended program's classes and enrolments no longer change. */
    open: row.status !== 'ended',
    classes,
    classIds,
    classTarget: classTarget(PROGRAM_CLASS_REF, programId),
    chosen,
    setChosen,
    adding: addClasses.isPending,
    add: async () => {
      await addClasses.mutateAsync(chosen);
      notify.success('班级已添加');
      setChosen([]);
    },
    enrolling: enrol.isPending,
    result,
    enrolAll: async () => setResult(await enrol.mutateAsync(classIds)),
  };
}
