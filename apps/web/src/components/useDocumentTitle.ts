import { useEffect } from 'react';
import { useTenant } from '../lib/tenant';

export function useDocumentTitle(title: string | null) {
  const { tenant } = useTenant();
  useEffect(() => {
    document.title = title ? `${title} - ${tenant.tenantName}` : tenant.tenantName;
  }, [title, tenant.tenantName]);
}
