import { Form, List, type FormProps } from 'antd-mobile';
import { ActionBarPhone } from '@/components/action-bar/action-bar-phone.tsx';
import { FieldSetPhone } from '@/components/field-set/field-set-phone.tsx';
import type { SectionFormSpec } from './section-form-spec.ts';
import './section-form.css';

/** A declared form as an antd-mobile card (antd-mobile only): what was said before, its heading, its fields, its buttons below. */
export function SectionFormPhone<Values extends object>({ form, title, label, fields, actions, initialValues, onValuesChange, note }: SectionFormSpec<Values> & { form: FormProps['form'] }) {
  return (
    <>
      {note && (
        <List header={note.title} mode="card">
          <List.Item>
            <span className="section-form__note-text">{note.content}</span>
          </List.Item>
        </List>
      )}
      <Form form={form} mode="card" layout="vertical" aria-label={label} initialValues={initialValues} onValuesChange={onValuesChange} footer={<ActionBarPhone actions={actions} />}>
        {title && <Form.Header>{title}</Form.Header>}
        <FieldSetPhone fields={fields} />
      </Form>
    </>
  );
}
