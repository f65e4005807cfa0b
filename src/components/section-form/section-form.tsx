import { Alert, Form, type FormInstance } from 'antd';
import { ActionBar } from '@/components/action-bar/action-bar.tsx';
import { FieldSet } from '@/components/field-set/field-set.tsx';
import type { SectionFormSpec } from './section-form-spec.ts';
import { TitledSection } from './titled-section.tsx';
import './section-form.css';

/** A declared form in an antd Form: its heading, what was said before, its fields and its buttons under them. */
export function SectionForm<Values extends object>({ form, title, label, fields, actions, initialValues, onValuesChange, note }: SectionFormSpec<Values> & { form: FormInstance<Values> }) {
  const body = (
    <>
      {note && <Alert className="section-form__note" type="info" showIcon title={note.title} description={<span className="section-form__note-text">{note.content}</span>} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} aria-label={label} initialValues={initialValues} onValuesChange={onValuesChange}>
        <FieldSet fields={fields} />
        <ActionBar actions={actions} />
      </Form>
    </>
  );
  return title ? <TitledSection title={title}>{body}</TitledSection> : body;
}
