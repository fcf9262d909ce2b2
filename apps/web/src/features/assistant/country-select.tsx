import type { SelectProps } from '@mantine/core';
import { assistantScreens } from '@lizenzportal/domain';
import { LazySelect } from '@/components/ui/lazy-select';
import { useSettings } from '@/lib/settings';

/**
 * The assistant's searchable country list: a search that finds no country says what to do
 * (ask support for an offer) instead of showing an empty list.
 */
export function CountrySelect(props: SelectProps) {
  const supportEmail = useSettings().data?.supportEmail;
  return (
    <LazySelect
      {...props}
      nothingFoundMessage={supportEmail ? assistantScreens.noCountryFound(supportEmail) : undefined}
    />
  );
}
