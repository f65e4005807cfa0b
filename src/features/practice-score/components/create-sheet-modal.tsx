import { Form, Modal, Select } from 'antd';
import { termChoices, termLabel, termOf, type SheetCreateInput } from '@contract/practice-score.ts';
import { schoolToday } from '@contract/internship.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { RefSelect } from '@/components/resource/ref-select.tsx';
import { CLASS_PICK, COURSE_PICK, useCreateSheet } from '../api/score-sheet-api.ts';

/** 新建成绩单: a course and a class (each searched on the server as typed) and the term; opens the new sheet. */
export function CreateSheetModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const [form] = Form.useForm<SheetCreateInput>();
  const create = useCreateSheet();
  const today = schoolToday();
  const finish = (values: SheetCreateInput) =>
    void create
      .mutateAsync(values)
      .then(({ sheet, message }) => {
        notify.success(message);
        onClose();
        onCreated(sheet.id);
      })
      .catch(() => undefined);
  return (
    <Modal title="新建成绩单" open={open} okText="创建" cancelText="取消" onOk={() => form.submit()} confirmLoading={create.isPending} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ term: termOf(today) }} onFinish={finish} preserve={false}>
        <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
          <RefSelect target={COURSE_PICK} placeholder="输入课程名称或代码搜索" />
        </Form.Item>
        <Form.Item name="classId" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
          <RefSelect target={CLASS_PICK} placeholder="输入班级名称或编码搜索" />
        </Form.Item>
        <Form.Item name="term" label="学期" rules={[{ required: true, message: '请选择学期' }]}>
          <Select options={termChoices(today).map((term) => ({ value: term, label: termLabel(term) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
