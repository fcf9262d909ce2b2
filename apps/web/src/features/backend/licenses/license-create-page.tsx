import { Anchor, Group, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { backOfficeMessages } from '@lizenzportal/domain';
import { Link, useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { BACKEND_LICENSES_PATH, BACKEND_PATH, backendLicensePath } from '@/lib/paths';
import { CreateLicensesForm } from './create-licenses-form.tsx';

/**
 * `/backend/license/create`: the create form of the license list's modal as a page of its own (a
 * bookmark, a link from elsewhere). One new license opens its detail page; several, the list,
 * where they stand first.
 */
export function LicenseCreatePage() {
  const navigate = useNavigate();
  return (
    <Page>
      <Group>
        <Anchor component={Link} to={`${BACKEND_PATH}/`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {backOfficeMessages.backToOverview}
          </Group>
        </Anchor>
      </Group>
      <Paper withBorder p="md" maw={720}>
        <CreateLicensesForm
          onCreated={(licenses) =>
            void navigate(
              licenses.length === 1 ? backendLicensePath(licenses[0]!._id) : BACKEND_LICENSES_PATH,
            )
          }
        />
      </Paper>
    </Page>
  );
}
