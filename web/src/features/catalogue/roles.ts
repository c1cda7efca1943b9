/** Who may change each part of the catalogue (docs/ROLES.md permission matrix). */
import { rights } from '@aforo/contracts/roles';

/** Brands, models, networks. */
export const catalogueEditRoles = rights['catalogue.edit'];
/** Products, firmwares. */
export const productEditRoles = rights['products.edit'];
/** Component types and component operations (install, uninstall, reincorporate, edit). */
export const componentOperateRoles = rights['devices.operate'];
/** Decommission and hard delete. */
export const componentDestroyRoles = rights['devices.destroy'];
