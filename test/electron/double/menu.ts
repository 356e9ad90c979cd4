// The double of Electron's Menu: buildFromTemplate checks each item as Electron does and builds submenus;
// the application menu is remembered.
export interface MenuItemOptions {
  label?: string;
  role?: string;
  type?: string;
  submenu?: MenuItemOptions[] | Menu;
  click?: (...args: unknown[]) => void;
  [key: string]: unknown;
}

export class Menu {
  private static application: Menu | null = null;
  constructor(readonly items: MenuItemOptions[] = []) {}

  static buildFromTemplate(template: MenuItemOptions[]): Menu {
    return new Menu(
      template.map((item) => {
        if (typeof item !== 'object' || item === null) throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
        if (item.label === undefined && item.role === undefined && item.type === undefined)
          throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
        return Array.isArray(item.submenu) ? { ...item, submenu: Menu.buildFromTemplate(item.submenu) } : item;
      }),
    );
  }

  static setApplicationMenu(menu: Menu | null) {
    Menu.application = menu;
  }

  static getApplicationMenu() {
    return Menu.application;
  }
}
