import type { ConfigProblem } from '../config/config.ts';
import { t } from '../shared/i18n.ts';

function problemText(problem: ConfigProblem): string {
  if (problem.field === 'baseUrl') return t(`problem_${problem.problem}`);
  return t(`problem_${problem.field}_${problem.problem}`);
}

function FieldError(props: { id: string; problems: readonly ConfigProblem[]; field: ConfigProblem['field'] }) {
  const mine = props.problems.filter((p) => p.field === props.field);
  if (mine.length === 0) return null;
  return (
    <p id={props.id} class="field-error">
      {mine.map(problemText).join(' ')}
    </p>
  );
}

export type TextFieldName = Exclude<ConfigProblem['field'], 'scopes'>;

/** A labelled input with its hint; its problems, if any, are shown under it and announced with it. */
export function TextField(props: {
  field: TextFieldName;
  label: string;
  hint?: string;
  value: string;
  type?: 'url' | 'password' | 'number' | undefined;
  range?: { min: number; max: number };
  problems: readonly ConfigProblem[];
  onValue: (value: string) => void;
}) {
  const errorId = `${props.field}-error`;
  const hintId = `${props.field}-hint`;
  const invalid = props.problems.some((p) => p.field === props.field);
  const describedBy = [invalid ? errorId : '', props.hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={props.field}>{props.label}</label>
      {props.hint ? (
        <p id={hintId} class="hint">
          {props.hint}
        </p>
      ) : null}
      <input
        id={props.field}
        type={props.type ?? 'text'}
        value={props.value}
        autocomplete="off"
        {...props.range}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={describedBy || undefined}
        onInput={(e) => props.onValue(e.currentTarget.value)}
      />
      <FieldError id={errorId} problems={props.problems} field={props.field} />
    </div>
  );
}
