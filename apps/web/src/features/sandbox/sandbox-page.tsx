import { WidgetGallery } from '@lumen/ui';

/** /sandbox: the interface kit's widget gallery (a tool for the team; needs the backoffice privilege). */
export default function SandboxPage() {
  return (
    <div className="page page--wide">
      <WidgetGallery />
    </div>
  );
}
