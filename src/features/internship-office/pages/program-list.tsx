import { lazy, Suspense } from 'react';
import { PROGRAM_DEFAULTS, PROGRAM_RESOURCE } from '@contract/internship-program.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePage } from '@/components/resource/resource-page.tsx';
import { useProgramStatusActions } from '../components/program-detail.ts';

// Each layout's parts load with that layout only: the phone never fetches antd.
const desktop = () => import('../components/program-detail-desktop.tsx');
const ProgramDetailDesktop = lazy(() => desktop().then((m) => ({ default: m.ProgramDetailDesktop })));
const ProgramStatusTag = lazy(() => desktop().then((m) => ({ default: m.ProgramStatusTag })));
const ProgramDetailPhone = lazy(() => import('../components/program-detail-phone.tsx').then((m) => ({ default: m.ProgramDetailPhone })));

const notEnded = (row: ResourceRow) => row.status !== 'ended';

/** 实习计划 (internship/ProgramList): the resource's list and form, with status actions, classes, 按班级报名 and the enrolled students. */
export default function ProgramList() {
  const actions = useProgramStatusActions();
  return (
    <ResourcePage
      desktop={{
        resource: PROGRAM_RESOURCE,
        initialValues: PROGRAM_DEFAULTS,
        formWidth: 720,
        actionsWidth: 240,
        editable: notEnded,
        renderCell: {
          status: (value) => (
            <Suspense fallback={null}>
              <ProgramStatusTag status={value} />
            </Suspense>
          ),
        },
        actions,
        detail: (row) => (
          <Suspense fallback={null}>
            <ProgramDetailDesktop row={row} />
          </Suspense>
        ),
      }}
      phone={{
        resource: PROGRAM_RESOURCE,
        initialValues: PROGRAM_DEFAULTS,
        actions,
        rowActions: (row) => (
          <Suspense fallback={null}>
            <ProgramDetailPhone row={row} />
          </Suspense>
        ),
      }}
    />
  );
}
