/** The device form's values and their mapping to the contract's input (blank → null). */
import { deviceInputSchema } from '@aforo/contracts/devices';
import type { Device, DeviceInput } from '@aforo/contracts/devices';
import type { DeviceLocation } from '@aforo/contracts/device-states';
import { schemaErrors } from '../../lib/form-validation';

export interface DeviceFormValues {
  serial: string;
  manufactured: string;
  modelId: string | null;
  productId: string | null;
  firmwareId: string | null;
  simNumber: string;
  networkId: string | null;
  batteryQuantity: number | string;
  batteryMaxLoad: number | string;
  technicalNotes: string;
  serialExternalSensor: string;
  location: DeviceLocation;
}

export function deviceFormValues(device: Device | null): DeviceFormValues {
  return {
    serial: device?.serial ?? '',
    manufactured: device?.manufactured?.slice(0, 10) ?? '',
    modelId: device?.model?.id ?? null,
    productId: device?.product?.id ?? null,
    firmwareId: device?.firmware?.id ?? null,
    simNumber: device?.simNumber ?? '',
    networkId: device?.network?.id ?? null,
    batteryQuantity: device?.batteryQuantity ?? '',
    batteryMaxLoad: device?.batteryMaxLoad ?? '',
    technicalNotes: device?.technicalNotes ?? '',
    serialExternalSensor: device?.serialExternalSensor ?? '',
    location: device?.location ?? 'Store',
  };
}

const numberOrNull = (value: number | string) =>
  value === '' || value === null ? null : typeof value === 'number' ? value : Number(value);

export function toDeviceInput(values: DeviceFormValues): DeviceInput {
  return {
    serial: values.serial,
    manufactured: values.manufactured || null,
    modelId: values.modelId ?? '',
    productId: values.productId ?? '',
    firmwareId: values.firmwareId,
    simNumber: values.simNumber,
    networkId: values.networkId,
    batteryQuantity: numberOrNull(values.batteryQuantity),
    batteryMaxLoad: numberOrNull(values.batteryMaxLoad),
    technicalNotes: values.technicalNotes,
    serialExternalSensor: values.serialExternalSensor,
    location: values.location,
  };
}

export function validateDeviceForm(values: DeviceFormValues): Record<string, string> {
  return schemaErrors(deviceInputSchema, toDeviceInput(values));
}
