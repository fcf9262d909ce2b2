import { findListField, operatorsOf, type ListFields } from '@lizenzportal/domain';
import { add, QueryBuilder, type RuleGroupType, type RuleType } from 'react-querybuilder';
import {
  FieldSelector,
  OperatorSelector,
  operatorOptions,
  RemoveRuleAction,
  ValueEditor,
  type FilterContext,
} from './filter-controls.tsx';
import { defaultOperatorOf } from './filter-draft.ts';
import classes from './filter-builder.module.css';

interface FilterRulesProps {
  fields: ListFields;
  query: RuleGroupType;
  onQueryChange: (query: RuleGroupType) => void;
  context: FilterContext;
}

/** The query with `rule` added at its end, named by react-querybuilder's own id generator. */
export const withRule = (query: RuleGroupType, rule: Omit<RuleType, 'id'>): RuleGroupType =>
  add(query, rule, []);

/**
 * The rows of the query builder: react-querybuilder with the portal's controls. Loaded only once a
 * list has a rule (filter-builder.tsx): a list opens without filters, and the builder's library
 * and its inputs are a fifth of the list's scripts.
 */
export function FilterRules({ fields, query, onQueryChange, context }: FilterRulesProps) {
  return (
    <QueryBuilder
      fields={fields.map((field) => ({ name: field.name, value: field.name, label: field.label }))}
      query={query}
      onQueryChange={onQueryChange}
      getOperators={(name) => {
        const field = findListField(fields, name);
        return field ? operatorOptions(operatorsOf(field)) : [];
      }}
      getDefaultOperator={(name) => defaultOperatorOf(findListField(fields, name) ?? fields[0]!)}
      getDefaultValue={() => ''}
      resetOnFieldChange
      listsAsArrays
      context={context}
      controlClassnames={{ body: classes.body, header: classes.header, rule: classes.rule }}
      controlElements={{
        fieldSelector: FieldSelector,
        operatorSelector: OperatorSelector,
        valueEditor: ValueEditor,
        removeRuleAction: RemoveRuleAction,
        addRuleAction: null,
        addGroupAction: null,
        combinatorSelector: null,
        cloneRuleAction: null,
        lockRuleAction: null,
        dragHandle: null,
      }}
    />
  );
}
