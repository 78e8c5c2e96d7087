/** What a plant's page shows staff below its fields: how its readings come in. */
import type { Identifier } from 'react-admin';
import { useIsStaff } from '../../components/permissions';
import { WaysIn } from './WaysIn';

export function PlantDetails({ id }: { id: Identifier }) {
  const isStaff = useIsStaff();
  return isStaff ? <WaysIn id={id} /> : null;
}
