import { Form, Input, TextArea } from 'antd-mobile';
import { fieldTexts, type FieldSpec } from './field-spec.ts';

function FieldInput({ field, placeholder, ...control }: { field: FieldSpec; placeholder?: string }) {
  if (field.input === 'text') return <TextArea {...control} rows={field.rows} maxLength={field.maxLength} showCount placeholder={placeholder} />;
  if (field.input === 'password') return <Input {...control} type="password" autoComplete="new-password" placeholder={placeholder} />;
  return <Input {...control} inputMode={field.input === 'decimal' ? 'decimal' : undefined} autoComplete="off" maxLength={field.maxLength} placeholder={placeholder} />;
}

/** Declared fields in an antd-mobile Form (antd-mobile only): label, input with its hint, checked by its rule. */
export function FieldSetPhone({ fields }: { fields: FieldSpec[] }) {
  return fields.map((field) => {
    const { placeholder, description } = fieldTexts(field).phone;
    return (
      <Form.Item key={field.name} name={field.name} label={field.label} description={description} rules={field.rule ? [field.rule] : undefined}>
        <FieldInput field={field} placeholder={placeholder} />
      </Form.Item>
    );
  });
}
