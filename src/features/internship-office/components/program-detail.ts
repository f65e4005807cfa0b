import { useState } from 'react';
import { PROGRAM_CLASS_REF, PROGRAM_PERMISSIONS, STATUS_ACTIONS, type EnrolResult, type ProgramClassRow } from '@contract/internship-program.ts';
import { wholeList } from '@/components/list/list-data.ts';
import type { DeclaredList, RowAction } from '@/components/list/list-declaration.ts';
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
  const open = row.status !== 'ended';
  const classList: DeclaredList<ProgramClassRow> = {
    title: '实习班级',
    rowKey: (klass) => klass.id,
    columns: [
      { key: 'code', label: '班级编码', width: 120 },
      { key: 'name', label: '班级名称', phone: 'title' },
      { key: 'grade', label: '年级', width: 80 },
      { key: 'students', label: '学生数', width: 80 },
      { key: 'enrolled', label: '已报名', width: 80 },
      { key: 'counts', label: '人数', phoneOnly: true, phone: 'bare', show: (klass) => `学生 ${klass.students} 人，已报名 ${klass.enrolled} 人` },
    ],
    actions:
      canEdit && open
        ? [{ key: 'remove', label: '移除', danger: true, only: 'desktop', confirm: (klass) => ({ title: `确定移除班级“${klass.name}”吗?` }), run: (klass) => removeClass.mutateAsync(klass.id) }]
        : [],
    actionsWidth: 80,
    empty: '尚未选择班级',
    data: wholeList(classes),
  };
  return {
    canEdit,
    canEnrol,
    /** An ended program's classes and enrolments no longer change. */
    open,
    classes,
    /** Its classes, 移除 on the desktop for who may edit. */
    classList,
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
    search,
    /** A new search starts at its first page. */
    searchFor: (keyword: string) => setSearch((current) => ({ ...current, keyword: keyword.trim(), pageNo: 1 })),
    setPage: (pageNo: number, pageSize: number) => setSearch((current) => ({ ...current, pageNo, pageSize })),
    students,
    feed,
  };
}
