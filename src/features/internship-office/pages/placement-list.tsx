import { lazy, Suspense } from 'react';
import { PLACEMENT_API, PLACEMENT_REFS, PLACEMENT_RESOURCE, type PlacementFileKind } from '@contract/internship-placement.ts';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import { ResourcePage } from '@/components/resource/resource-page.tsx';
import { usePlacementDocuments } from '../components/placement-documents.ts';

// Each layout's parts load with that layout only: the phone never fetches antd.
const desktop = () => import('../components/placement-desktop.tsx');
const PlacementChecklist = lazy(() => desktop().then((m) => ({ default: m.PlacementChecklist })));
const UnitRefSelect = lazy(() => desktop().then((m) => ({ default: m.UnitRefSelect })));
const OfficeFileInput = lazy(() => import('@/components/office-file/office-file-input.tsx').then((m) => ({ default: m.OfficeFileInput })));
const OfficeFilePhoneInput = lazy(() => import('@/components/office-file/office-file-phone.tsx').then((m) => ({ default: m.OfficeFilePhoneInput })));
const PlacementStatusTag = lazy(() => desktop().then((m) => ({ default: m.PlacementStatusTag })));
const PlacementStatusActions = lazy(() => desktop().then((m) => ({ default: m.PlacementStatusActions })));
const AssignAdvisers = lazy(() => desktop().then((m) => ({ default: m.AssignAdvisers })));
const phone = () => import('../components/placement-phone.tsx');
const PlacementPhoneActions = lazy(() => phone().then((m) => ({ default: m.PlacementPhoneActions })));
const PlacementAssignPhone = lazy(() => phone().then((m) => ({ default: m.PlacementAssignPhone })));
const TemplateEditor = lazy(() => import('../components/template-editor.tsx').then((m) => ({ default: m.TemplateEditor })));

type Control = Record<string, unknown>;
const lazily = (node: React.ReactNode) => <Suspense fallback={null}>{node}</Suspense>;

/**
 * 实习安排 (internship/PlacementList): the placements as a resource, the 2021 rules checked beside the form
 * before saving, 开始/结束/终止 per row, 分配指导教师 for the chosen rows (ti03); on the phone the same list with
 * the status actions in each placement's sheet and a multi-select 分配. 三方协议 and 知情同意书 of a row print from the
 * school's templates, which 文书模板 edits.
 */
export default function PlacementList() {
  const documents = usePlacementDocuments();
  return (
    <>
    <ResourcePage
      desktop={{
        resource: PLACEMENT_RESOURCE,
        formWidth: 1040,
        actionsWidth: 320,
        actions: documents.actions,
        tools: documents.tools,
        formAside: (_mode, row) => lazily(<PlacementChecklist row={row} />),
        customInputs: {
          postId: () => <DeferredInput render={(control) => <UnitRefSelect {...control} target={PLACEMENT_REFS.post} />} />,
          mentorUserId: () => <DeferredInput render={(control) => <UnitRefSelect {...control} target={PLACEMENT_REFS.mentor} />} />,
          agreementAttachmentId: (_mode, row) => <DeferredInput render={(control) => <OfficeFileInput {...control} label="三方协议" uploadUrl={PLACEMENT_API.upload} saved={savedFile(row, 'agreement')} />} />,
          consentAttachmentId: (_mode, row) => <DeferredInput render={(control) => <OfficeFileInput {...control} label="知情同意书" uploadUrl={PLACEMENT_API.upload} saved={savedFile(row, 'consent')} />} />,
        },
        renderCell: { status: (value) => lazily(<PlacementStatusTag status={value} />) },
        rowActions: (row: ResourceRow) => lazily(<PlacementStatusActions row={row} />),
        batchActions: (rows, clear, matching) => lazily(<AssignAdvisers rows={rows} clear={clear} matching={matching} />),
        selectAllMatching: true,
      }}
      phone={{
        resource: PLACEMENT_RESOURCE,
        header: lazily(<PlacementAssignPhone />),
        actions: documents.actions,
        rowActions: (row, close) => lazily(<PlacementPhoneActions row={row} close={close} />),
        customInputs: {
          agreementAttachmentId: (_mode, row) => <DeferredInput render={(control) => <OfficeFilePhoneInput {...control} label="三方协议" uploadUrl={PLACEMENT_API.upload} saved={savedFile(row, 'agreement')} />} />,
          consentAttachmentId: (_mode, row) => <DeferredInput render={(control) => <OfficeFilePhoneInput {...control} label="知情同意书" uploadUrl={PLACEMENT_API.upload} saved={savedFile(row, 'consent')} />} />,
        },
      }}
    />
    {documents.editingTemplates && lazily(<TemplateEditor open onClose={documents.closeTemplates} />)}
    </>
  );
}

/** The row's saved 三方协议 or 知情同意书, to 查看 while the form still names it. */
function savedFile(row: ResourceRow | null, kind: PlacementFileKind) {
  const id = row?.[`${kind}AttachmentId`];
  return row && typeof id === 'string' ? { id, url: PLACEMENT_API.file, params: { id: row.id, kind } } : null;
}

/** Form.Item hands value and onChange to its direct child: passed on to the lazily loaded input. */
function DeferredInput({ render, ...control }: { render: (control: Control) => React.ReactNode } & Control) {
  return lazily(render(control));
}
