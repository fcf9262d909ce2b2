import type { OrderGeneration } from '@lizenzportal/domain';
import { notFound } from '../../http/app-error.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import type { LicenseRepository } from '../licenses/repository.ts';
import { toOrderGeneration } from './mapper.ts';
import type { OrderGenerationRepository } from './repository.ts';

/** What the back office shows of order generations: the list, one, and those of a license. */
export class OrderGenerationService {
  readonly repository: OrderGenerationRepository;
  readonly #licenses: LicenseRepository;

  constructor(repository: OrderGenerationRepository, licenses: LicenseRepository) {
    this.repository = repository;
    this.#licenses = licenses;
  }

  async list(request: ListRequest): Promise<{ orderGenerations: OrderGeneration[]; total: number }> {
    const { rows, total } = await this.repository.list(request);
    return { orderGenerations: rows.map(toOrderGeneration), total };
  }

  async get(id: string): Promise<OrderGeneration> {
    const row = await this.repository.findById(id);
    if (!row) throw notFound('orderGeneration');
    return toOrderGeneration(row);
  }

  async forLicense(licenseId: string): Promise<OrderGeneration[]> {
    if (!(await this.#licenses.exists(licenseId))) throw notFound('license');
    return (await this.repository.forLicense(licenseId)).map(toOrderGeneration);
  }
}
