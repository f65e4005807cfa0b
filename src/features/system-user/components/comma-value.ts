/** The form keeps roles and departments as comma lists (as the server takes them); choosers work with arrays. */
export const splitIds = (value: unknown): string[] => (typeof value === 'string' && value ? value.split(',').filter(Boolean) : []);
export const joinIds = (ids: readonly (string | number)[]) => ids.map(String).join(',');

/** A comma-list field's chooser as the form hands it its value. */
export interface CommaProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
}
