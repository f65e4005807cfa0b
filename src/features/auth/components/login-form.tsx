import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { LoginInput } from '@contract/validators.ts';
import { MSG } from '@contract/messages.ts';
import './login-form.css';

type Field = 'username' | 'password';

const REQUIRED: Record<Field, string> = { username: MSG.usernameRequired, password: MSG.passwordRequired };

/** Filled in, not just spaces (the server validates the rest with loginSchema). */
const errorOf = (field: Field, value: string) => (value.trim() === '' ? REQUIRED[field] : null);

/**
 * index.html's static first paint of this form, if it is still in the page: the form takes over
 * what was typed there when it first commits, then removes it.
 */
function findFirstPaint() {
  const root = document.getElementById('first-paint');
  if (!root) return null;
  const input = (name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`);
  return { root, username: input('username'), password: input('password'), remember: input('remember_me') };
}

type FirstPaint = NonNullable<ReturnType<typeof findFirstPaint>>;
const typedIn = (firstPaint: FirstPaint) => ({ username: firstPaint.username?.value ?? '', password: firstPaint.password?.value ?? '' });

const Asterisk = () => (
  <span className="login-form__asterisk" aria-hidden>
    *
  </span>
);

/**
 * The login form in plain elements styled like antd-mobile's vertical Form (its Form, Input and
 * Checkbox weigh about 35 KB gzip, most of the phone's first load), so that index.html can paint the
 * same markup before any JavaScript runs. Checks as the antd-mobile Form did: a field is checked on
 * every change, all of them on submit.
 */
export function LoginForm({ initialUsername, pending, onFinish }: { initialUsername: string; pending: boolean; onFinish: (values: LoginInput) => void }) {
  const [firstPaint] = useState(findFirstPaint);
  const [values, setValues] = useState(() => {
    const typed = firstPaint ? typedIn(firstPaint) : { username: '', password: '' };
    return { username: typed.username || initialUsername, password: typed.password };
  });
  const [remember, setRemember] = useState(firstPaint?.remember?.checked ?? true);
  const [errors, setErrors] = useState<Record<Field, string | null>>({ username: null, password: null });
  const [focused, setFocused] = useState<Field | null>(null);
  const id = useId();

  /** Shows what is missing; true when the values may be sent. */
  const check = (next: { username: string; password: string }) => {
    const found = { username: errorOf('username', next.username), password: errorOf('password', next.password) };
    setErrors(found);
    return !found.username && !found.password;
  };

  // Taking over from the first paint, in the task of the first commit, before anything else is typed
  // or painted: what was typed (the first render runs in slices, src/main.tsx, and typing goes on
  // between them), the field being typed in, and 登 录 pressed there (src/first-paint.js marks it),
  // acted on as if the app had been there. The focus moves before the card goes, so nothing typed
  // meanwhile falls on the page.
  const inputs = useRef<Record<Field, HTMLInputElement | null>>({ username: null, password: null });
  useLayoutEffect(() => {
    if (!firstPaint?.root.isConnected) return;
    const typed = typedIn(firstPaint);
    const next = { username: typed.username || initialUsername, password: typed.password };
    const remembered = firstPaint.remember?.checked ?? true;
    const active = document.activeElement;
    if (active instanceof HTMLInputElement && firstPaint.root.contains(active) && (active.name === 'username' || active.name === 'password')) inputs.current[active.name]?.focus();
    firstPaint.root.remove();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the DOM the render replaced
    setValues(next);
    setRemember(remembered);
    if (firstPaint.root.hasAttribute('data-submitted') && check(next)) onFinish({ ...next, remember_me: remembered });
  }, [firstPaint, initialUsername, onFinish]);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: errorOf(field, value) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check(values) && !pending) onFinish({ ...values, remember_me: remember });
  };

  const textField = (field: Field, label: string, placeholder: string, autoComplete: string) => {
    const errorId = `${id}-${field}-error`;
    return (
      <div className="login-form__item">
        <label className="login-form__label" htmlFor={field}>
          {label}
          <Asterisk />
        </label>
        <div className="login-form__control">
          <input
            id={field}
            name={field}
            className="login-form__input"
            type={field === 'password' ? 'password' : 'text'}
            placeholder={placeholder}
            autoComplete={autoComplete}
            ref={(element) => {
              inputs.current[field] = element;
            }}
            aria-required
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? errorId : undefined}
            value={values[field]}
            onChange={(e) => change(field, e.target.value)}
            onFocus={() => setFocused(field)}
            onBlur={() => setFocused((f) => (f === field ? null : f))}
          />
          {field === 'username' && focused === field && values.username !== '' && (
            <button
              type="button"
              className="login-form__clear"
              aria-label="清除"
              // Keeps the focus in the field, as antd-mobile's clearable Input does.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => change(field, '')}
            >
              <svg viewBox="0 0 48 48" aria-hidden>
                <path d="M24,2 C36.1502645,2 46,11.8497355 46,24 C46,36.1502645 36.1502645,46 24,46 C11.8497355,46 2,36.1502645 2,24 C2,11.8497355 11.8497355,2 24,2 Z M18.6753876,16 L15.5637812,16 C15.4576916,16 15.3559474,16.0421451 15.2809323,16.1171635 C15.124726,16.2733766 15.1247316,16.5266426 15.2809447,16.6828489 L15.2809447,16.6828489 L22.299066,23.7006641 L14.6828159,31.3171619 C14.6078042,31.3921761 14.5656632,31.4939157 14.5656632,31.6 C14.5656632,31.8209139 14.7447493,32 14.9656632,32 L14.9656632,32 L18.0753284,32 C18.1814068,32 18.2831412,31.9578638 18.3581544,31.8828594 L18.3581544,31.8828594 L24.420066,25.8216641 L30.4818451,31.8828564 C30.5568585,31.9578626 30.6585942,32 30.7646741,32 L30.7646741,32 L33.8763476,32 C33.9824309,32 34.0841695,31.9578599 34.1591835,31.8828496 C34.315397,31.7266436 34.3154031,31.4733776 34.1591972,31.3171641 L34.1591972,31.3171641 L26.542066,23.6996641 L33.5591874,16.6828489 C33.6342057,16.6078338 33.6763508,16.5060896 33.6763508,16.4 C33.6763508,16.1790861 33.4972647,16 33.2763508,16 L33.2763508,16 L30.1637654,16 C30.0576705,16 29.9559218,16.0421493 29.8809058,16.1171741 L29.8809058,16.1171741 L24.420066,21.5786641 L18.9582218,16.1171488 C18.883208,16.0421394 18.7814701,16 18.6753876,16 L18.6753876,16 Z" fill="currentColor" />
              </svg>
            </button>
          )}
        </div>
        {errors[field] && (
          <div id={errorId} className="login-form__error">
            {errors[field]}
          </div>
        )}
      </div>
    );
  };

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      {textField('username', '账号', '请输入用户账号', 'username')}
      {textField('password', '密码', '请输入密码', 'current-password')}
      <div className="login-form__item">
        <label className="login-form__remember">
          <input type="checkbox" name="remember_me" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span className="login-form__check" aria-hidden>
            <svg viewBox="0 0 40 40">
              <path d="M31.5541766,15 L28.0892433,15 L28.0892434,15 C27.971052,15 27.8576674,15.044522 27.7740471,15.1239792 L18.2724722,24.1625319 L13.2248725,19.3630279 L13.2248725,19.3630279 C13.1417074,19.2834412 13.0287551,19.2384807 12.9107898,19.2380079 L9.44474455,19.2380079 L9.44474454,19.2380079 C9.19869815,19.2384085 8.99957935,19.4284738 9,19.66253 C9,19.7747587 9.04719253,19.8823283 9.13066188,19.9616418 L17.0907466,27.5338228 C17.4170809,27.8442545 17.8447695,28 18.2713393,28 L18.2980697,28 C18.7168464,27.993643 19.133396,27.8378975 19.4530492,27.5338228 L31.8693384,15.7236361 L31.8693384,15.7236361 C32.0434167,15.5582251 32.0435739,15.2898919 31.8696892,15.1242941 C31.7860402,15.0446329 31.6725052,15 31.5541421,15 L31.5541766,15 Z" fill="currentColor" />
            </svg>
          </span>
          <span className="login-form__remember-text">记住账号</span>
        </label>
      </div>
      <div className="login-form__footer">
        <button type="submit" className="login-form__submit" aria-disabled={pending || undefined}>
          {pending && <span className="login-form__spinner" aria-hidden />}
          <span>登 录</span>
        </button>
      </div>
    </form>
  );
}
