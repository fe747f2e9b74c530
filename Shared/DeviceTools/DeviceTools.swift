/// Pure builders and parsers for Apple's own tools (simctl, swcutil), run only by the Mac app.
public enum DeviceTools {}
