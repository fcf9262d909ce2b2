import {
  filterMessages as texts,
  serializeAddressFilters,
  type Filter,
  type ListFields,
} from '@lizenzportal/domain';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import type { RuleGroupType } from 'react-querybuilder';
import { PageLoader } from '@/components/ui/page-loader';
import { focusAfterAction } from '@/lib/focus-after-action';
import type { FilterContext } from './filter-controls.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { defaultOperatorOf, filterProblems, toFilters, toRuleGroup } from './filter-draft.ts';
import classes from './filter-builder.module.css';

/** The rules' rows load with the first rule: most lists are opened without filters (decision 055). */
const loadRules = () => import('./filter-rules.tsx');
const FilterRules = lazy(async () => ({ default: (await loadRules()).FilterRules }));

interface FilterBuilderProps {
  fields: ListFields;
  /** The filters in effect (from the address). */
  filters: Filter[];
  onApply: (filters: Filter[]) => void;
}

/**
 * The query builder of a list (back-office spec §5): rules of field, operator and value, all of
 * which must hold. Edits stay a draft until „Filter anwenden”; the applied filters are the list's
 * state in the address, and the draft follows them when the address changes (back, a shared link).
 */
export function FilterBuilder({ fields, filters, onApply }: FilterBuilderProps) {
  const applied = serializeAddressFilters(filters);
  const [draft, setDraft] = useState<{ applied: string; query: RuleGroupType }>(() => ({
    applied,
    query: toRuleGroup(filters),
  }));
  const [checked, setChecked] = useState(false);
  if (draft.applied !== applied) {
    setDraft({ applied, query: toRuleGroup(filters) });
    setChecked(false);
  }
  const { query } = draft;
  const setQuery = (next: RuleGroupType) => setDraft({ applied, query: next });
  const rules = toFilters(query, fields);
  const problems = filterProblems(rules, fields);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    // Enter in a field submits too: nothing changed, nothing to apply.
    if (!changed) return;
    setChecked(true);
    if (!problems.some(Boolean)) onApply(rules);
  };
  const form = useRef<HTMLFormElement>(null);
  const addRule = async () => {
    const field = fields[0]!;
    // react-querybuilder adds the rule, with an id of its own generator (it keys the rows by it):
    // its code comes with the rows' anyway.
    const { withRule } = await loadRules();
    setDraft((current) => ({
      ...current,
      query: withRule(current.query, { field: field.name, operator: defaultOperatorOf(field), value: '' }),
    }));
    // The new row appears above the button: the keyboard goes on at its first control.
    focusAfterAction(() =>
      [...(form.current?.querySelectorAll(`.${classes.rule}`) ?? [])]
        .at(-1)
        ?.querySelector<HTMLElement>('input'),
    );
  };
  const context: FilterContext = { fields, problems: checked ? problems : [] };
  const changed = serializeAddressFilters(rules) !== applied;

  return (
    <FilterPanel
      ref={form}
      onSubmit={apply}
      rules={
        query.rules.length > 0 ? (
          <Suspense fallback={<PageLoader label={texts.loading} />}>
            <FilterRules fields={fields} query={query} onQueryChange={setQuery} context={context} />
          </Suspense>
        ) : null
      }
      onAdd={() => void addRule()}
      applyWaitingFor={changed ? null : texts.alreadyApplied}
      removeAll={filters.length > 0 ? { onClick: () => onApply([]) } : null}
    />
  );
}
