import './field-error.css';

/** A field's message under it in a hand-checked phone form (antd-mobile's own shows only what its rules found). */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <span className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}
