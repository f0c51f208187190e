import InputModel
import XCTest

final class TouchScreenRuleTests: XCTestCase {
    func testRulesInOrder() {
        let cases: [(output: String?, binding: String?, screens: [String], choice: TouchScreenRule.Choice)] = [
            ("HDMI-A-1", "DP-1", ["DP-1", "HDMI-A-1"], .outputProperty("HDMI-A-1")),  // WL_OUTPUT wins
            ("HDMI-A-1", nil, ["HDMI-A-1"], .outputProperty("HDMI-A-1")),
            ("HDMI-A-2", "DP-1", ["DP-1", "HDMI-A-1"], .waitingForOutput("HDMI-A-2")),  // never another screen
            ("HDMI-A-2", nil, ["DP-1"], .waitingForOutput("HDMI-A-2")),
            ("", "DP-1", ["DP-1", "HDMI-A-1"], .binding("DP-1")),  // an empty property is unset
            (nil, "DP-1", ["DP-1", "HDMI-A-1"], .binding("DP-1")),
            (nil, "DP-2", ["DP-1"], .waitingForBinding("DP-2")),
            (nil, nil, ["Virtual-1"], .onlyScreen("Virtual-1")),
            (nil, nil, ["DP-1", "HDMI-A-1"], .ambiguous(screenCount: 2)),
            (nil, nil, [], .noScreen),
            ("Virtual-1", nil, [], .waitingForOutput("Virtual-1")),
        ]
        for test in cases {
            let choice = TouchScreenRule.screen(
                outputProperty: test.output, binding: test.binding, connectedScreens: test.screens)
            XCTAssertEqual(choice, test.choice, "\(test)")
            XCTAssertEqual(choice.screen, test.choice.screen)
        }
        XCTAssertNil(TouchScreenRule.Choice.ambiguous(screenCount: 3).screen)
        XCTAssertEqual(TouchScreenRule.Choice.binding("DP-1").screen, "DP-1")
    }
}
