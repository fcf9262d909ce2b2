import { Center, Loader } from '@mantine/core';

export function PageLoader({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
