import { Center, Loader } from '@mantine/core';
import { LOADING_LABEL } from '@lizenzportal/domain';

export function PageLoader({ label = LOADING_LABEL }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
