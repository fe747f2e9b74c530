/// The web workbench face (`linklab serve`): Hummingbird routes over the workbench document.
public enum WebWorkbench {}
