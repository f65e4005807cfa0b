import { useState } from 'react';
import { PROGRAM_CLASS_REF, PROGRAM_PERMISSIONS, STATUS_ACTIONS, type EnrolResult } from '@contract/internship-program.ts';
import type { RowAction } from '@/components/list/list-declaration.ts';
import { notify } from '@/components/notification/notification-store.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { useDevice } from '@/hooks/use-device.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { useAddClasses, useEnrol, useProgramClasses, useProgramStudents, useProgramStudentsInfinite, useRemoveClass, useSetStatus } from '../api/program-api.ts';
import { classTarget } from './program-parts.ts';

/**
 * 启动, 结束 and 退回草稿 as declared row actions of both lists, for who may edit programs, each confirmed. The
 * phone closes the program's form first, whose status it changes.
 */
export function useProgramStatusActions(): RowAction<ResourceRow>[] {
  const setStatus = useSetStatus();
  return STATUS_ACTIONS.map((action) => ({
    key: action.to,
    label: action.label,
    permission: PROGRAM_PERMISSIONS.edit,
    when: (row) => row.status === action.from,
    confirm: (row) => ({ title: `确定${action.label}实习计划“${String(row.name)}”吗?`, ok: '确定' }),
    sheet: true,
    run: async (row) => {
      await setStatus.mutateAsync({ id: row.id, status: action.to });
      notify.success(`实习计划已${action.label}`);
    },
  }));
}

/**
 * What a program's 详情 does in either layout: who may change it, its classes, the classes chosen to add
 * (添加班级) or removed, 按班级报名 with its outcome, and the enrolled students searched: a page of them
 * for the desktop's table, page after page for the phone's list (each reads only its own).
 */
export function useProgramDetail(row: ResourceRow) {
  const programId = row.id;
  const phone = useDevice() === 'phone';
  const [search, setSearch] = useState({ keyword: '', pageNo: 1, pageSize: 10 });
  const students = useProgramStudents(programId, search, !phone);
  const feed = useProgramStudentsInfinite(programId, search.keyword, phone);
  const removeClass = useRemoveClass(programId);
  const canEdit = usePermission(PROGRAM_PERMISSIONS.edit);
  const canEnrol = usePermission(PROGRAM_PERMISSIONS.enrol);
  const classes = useProgramClasses(programId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<EnrolResult | null>(null);
  const addClasses = useAddClasses(programId);
  const enrol = useEnrol(programId);
  const classIds = (classes.data ?? []).map((c) => c.id);
  return {
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
    removeClass: (classId: string) => removeClass.mutateAsync(classId).catch(() => undefined),
    enrolling: enrol.isPending,
    result,
    enrolAll: async () => setResult(await enrol.mutateAsync(classIds)),
    search,
    /** A new search starts at its first page. */
    searchFor: (keyword: string) => setSearch((current) => ({ ...current, keyword: keyword.trim(), pageNo: 1 })),
    setPage: (pageNo: number, pageSize: number) => setSearch((current) => ({ ...current, pageNo, pageSize })),
    students,
    feed,
  };
}
