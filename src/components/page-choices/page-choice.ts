/**
 * A choice a whole screen is narrowed by (实习计划, 班级), declared once (no UI library here): its label, the
 * options, the one chosen and the way to another. The desktop draws the screen's choices as labelled antd
 * selects in its toolbar (page-choices.tsx), the phone as labelled native selects (page-choices-phone.tsx).
 */
export interface PageChoice {
  /** The control's id, which its label names. */
  id: string;
  label: string;
  /** What the empty control says (请选择实习计划, 全部班级). */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The options are still loading. */
  loading?: boolean;
  /** May be emptied again (全部班级). */
  clearable?: boolean;
  /** The desktop select's least width in px. */
  width?: number;
}
